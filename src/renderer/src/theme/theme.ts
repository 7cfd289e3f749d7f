// The app's Mantine theme, readable for everyone: every colour that carries text meets WCAG 2.1 AA (4.5:1)
// against the backgrounds it is drawn on, in both schemes. Mantine's own shades fall short in many places
// (white on the teal button is 2.55:1, dimmed grey 3.3:1, teal links, red and yellow text), so each colour's
// text, filled and light-variant values are moved darker (light scheme) or lighter (dark scheme) only as far
// as AA needs, from the shade Mantine would use. Components keep asking for `c="red"` or `color="yellow"`.
import {
  createTheme,
  darken,
  lighten,
  luminance,
  toRgba,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

const AA = 4.5;

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const hex = (color: string): string => {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
};

/** `color`, stepped darker or lighter until it reaches AA against every background given. */
function readable(color: string, backgrounds: string[], direction: 'darker' | 'lighter'): string {
  let value = hex(color);
  for (let step = 0; step < 40 && backgrounds.some((b) => contrast(value, b) < AA); step += 1)
    value = hex(direction === 'darker' ? darken(value, 0.04) : lighten(value, 0.04));
  return value;
}

export const theme = createTheme({
  // A person who asked the system for less motion gets notices and dialogs without their fades.
  respectReducedMotion: true,
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'system-ui, sans-serif',
  components: {
    // The close buttons are icons: without a name a screen reader announces only "button". Plain objects
    // rather than Modal.extend: importing Modal here would put it in the lock screen's first load.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Mantine draws the message in a fixed grey (gray-6, 3.3:1 on white): the readable dimmed instead
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/** The backgrounds text sits on: the page and cards, striped and hovered table rows (Mantine's own). */
function schemeVariables(colors: Record<string, MantineColorsTuple>, scheme: 'light' | 'dark') {
  const gray = colors.gray!;
  const dark = colors.dark!;
  const white = '#ffffff';
  const surfaces = scheme === 'light' ? [white, gray[0], gray[1]] : [dark[7], dark[6], dark[5]];
  const toward = scheme === 'light' ? 'darker' : 'lighter';
  const vars: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    if (name === 'dark' || name === 'gray') continue;
    // text and outlines on the page
    const text = readable(scheme === 'light' ? shades[6] : shades[4], surfaces, toward);
    // filled buttons and badges carry white text
    const filled = readable(scheme === 'light' ? shades[6] : shades[8], [white], 'darker');
    vars[`--mantine-color-${name}-text`] = text;
    vars[`--mantine-color-${name}-outline`] = text;
    vars[`--mantine-color-${name}-filled`] = filled;
    vars[`--mantine-color-${name}-filled-hover`] = hex(darken(filled, 0.12));
    if (scheme === 'light') {
      // light badges, alerts and the active navigation link: tinted background, dark text
      vars[`--mantine-color-${name}-light-color`] = readable(shades[9], [shades[1], shades[2]], 'darker');
    }
  }
  vars['--mantine-color-dimmed'] = readable(scheme === 'light' ? gray[6] : dark[2], surfaces, toward);
  vars['--mantine-color-anchor'] = vars['--mantine-color-teal-text']!;
  vars['--mantine-color-error'] = vars['--mantine-color-red-text']!;
  return vars;
}

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: schemeVariables(resolved.colors, 'light'),
  dark: schemeVariables(resolved.colors, 'dark'),
});
