import { Badge, createTheme, em, SegmentedControl } from '@mantine/core';

/**
 * Narrower than Mantine's `xs` breakpoint (576 px): a phone, where a table's rows become cards
 * and a dialog takes the whole screen.
 */
export const PHONE_QUERY = `(max-width: ${em(575)})`;

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamilyMonospace:
    'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
  components: {
    // A badge is a word or two of state: in a crowded row the text beside it gives way, not the
    // badge ("HEAL…" at 390 px said nothing).
    Badge: Badge.extend({ styles: { root: { flexShrink: 0 } } }),
    // Four or five choices do not fit a phone's width: the control scrolls sideways inside its
    // own box instead of widening the page.
    SegmentedControl: SegmentedControl.extend({
      styles: { root: { maxWidth: '100%', overflowX: 'auto' } },
    }),
  },
});
