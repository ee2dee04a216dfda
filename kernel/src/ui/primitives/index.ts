import type { UiKit } from '@portico/shared-types/plugin'
import { Avatar } from './Avatar.tsx'
import { Button } from './Button.tsx'
import { CopyButton } from './CopyButton.tsx'
import { EmptyState } from './EmptyState.tsx'
import { Icon } from './Icon.tsx'
import { ListItem } from './ListItem.tsx'
import { QrCode } from './QrCode.tsx'
import { Spinner } from './Spinner.tsx'
import { Stack, Text } from './Text.tsx'
import { TextField } from './TextField.tsx'

/** The primitives handed to plugins as ctx.ui. */
export const uiKit: UiKit = {
  Avatar,
  Button,
  CopyButton,
  EmptyState,
  Icon,
  ListItem,
  QrCode,
  Spinner,
  Stack,
  Text,
  TextField,
}
