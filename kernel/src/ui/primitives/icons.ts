import type { IconName } from '@portico/shared-types/plugin'
import { SHELL_ICON_PATHS } from './shellIcons.ts'

/** 24×24 stroke paths; one place for every icon the kernel and plugins draw. */
export const ICON_PATHS: Record<IconName, string> = {
  ...SHELL_ICON_PATHS,
  copy: 'M9 9h10v10H9zM5 15V5h10',
  check: 'M5 12l5 5 9-10',
  network: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18',
  send: 'M12 19V5M6 11l6-6 6 6',
  receive: 'M12 5v14M6 13l6 6 6-6',
  swap: 'M7 4v14M4 15l3 3 3-3M17 20V6M14 9l3-3 3 3',
  card: 'M3 6h18v12H3zM3 10h18',
  clock: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 7v5l3 3',
  externalLink: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  disconnect: 'M10 5H5v14h5M14 8l4 4-4 4M18 12H9',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 20c1-4 4-6 8-6s7 2 8 6',
  warning: 'M12 4l9 16H3zM12 10v4M12 17h.01',
  sun: 'M12 8a4 4 0 100 8 4 4 0 000-8zM12 2v2M12 20v2M2 12h2M20 12h2M5 5l1.5 1.5M17.5 17.5L19 19M5 19l1.5-1.5M17.5 6.5L19 5',
  moon: 'M20 14a8 8 0 01-10-10 8 8 0 1010 10z',
  search: 'M11 4a7 7 0 100 14 7 7 0 000-14zM20 20l-4-4',
  chevronRight: 'M9 5l7 7-7 7',
}
