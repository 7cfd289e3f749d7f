// Mantine's styles, one sheet per component, instead of the whole 295 kB sheet for every component Mantine
// has. This file holds what the lock screen draws (its first paint waits for this CSS); mantine-app-styles.ts
// holds the rest and loads with the unlocked app. The order matters: each file keeps the order of Mantine's
// whole sheet (a component's sheet after those of the parts it is built from), so the cascade is the same.
// So does completeness. tests/unit/renderer/theme/mantine-styles.test.ts checks both: it fails when a renderer file imports a
// Mantine component whose sheet is in neither file, or when a file's order differs from Mantine's.
// The layer files put everything in `@layer mantine`, so an app style always wins over Mantine's own.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/notifications/styles.layer.css';
