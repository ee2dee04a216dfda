import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** axe-core's findings inside the modal's dialog, one line each (rule, impact, elements), for a readable failure. */
export async function dialogAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}
