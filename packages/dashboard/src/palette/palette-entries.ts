import type { ComponentType } from 'react';
import type { SearchGroup } from '../api/search';
import type { IconProps } from '../components/icons';

/** A dashboard page as the palette offers it (the registry's pages, passed in by the layout). */
export interface PalettePage {
  path: string;
  label: string;
  section: string;
  icon: ComponentType<IconProps>;
}

/** Something the palette does rather than opens: create a goal, switch the autonomy mode. */
export interface PaletteAction {
  id: string;
  label: string;
  description: string;
  /** Words that find the action besides its label and description. */
  keywords: string[];
  icon: ComponentType<IconProps>;
  run: () => void;
}

/** One line of the palette: a page or record to open, or an action to run. */
export interface PaletteEntry {
  key: string;
  label: string;
  description: string | null;
  icon: ComponentType<IconProps> | null;
  /** When a record last changed, shown on the right. */
  at: string | null;
  target: { url: string } | { run: () => void };
}

export interface PaletteGroup {
  key: string;
  label: string;
  entries: PaletteEntry[];
  /** Why a server source has no results this time. */
  problem: string | null;
}

/** Every word of the text appears in one of the fields (case-insensitive); empty text matches. */
export function matchesWords(text: string, fields: string[]): boolean {
  const haystack = fields.join(' ').toLowerCase();
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export function actionGroup(actions: PaletteAction[], text: string): PaletteGroup {
  return {
    key: 'actions',
    label: 'Actions',
    problem: null,
    entries: actions
      .filter((action) =>
        matchesWords(text, [action.label, action.description, ...action.keywords]),
      )
      .map((action) => ({
        key: `action:${action.id}`,
        label: action.label,
        description: action.description,
        icon: action.icon,
        at: null,
        target: { run: action.run },
      })),
  };
}

export function pageGroup(pages: PalettePage[], text: string): PaletteGroup {
  return {
    key: 'pages',
    label: 'Pages',
    problem: null,
    entries: pages
      .filter((page) => matchesWords(text, [page.label, page.section, page.path]))
      .map((page) => ({
        key: `page:${page.path}`,
        label: page.label,
        description: `${page.section} · ${page.path}`,
        icon: page.icon,
        at: null,
        target: { url: page.path },
      })),
  };
}

const PROBLEMS: Record<NonNullable<SearchGroup['error']>, string> = {
  source_failed: 'could not be searched',
  source_timeout: 'took too long to answer',
};

/** Whether one of the dashboard's pages shows this URL (`/goals/123?x` is shown by /goals). */
export function hasPage(pages: PalettePage[], url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  return pages.some((page) => path === page.path || path.startsWith(`${page.path}/`));
}

/**
 * A server source's results; a source that failed stays visible with the reason. Records are
 * offered only where this dashboard has a page to open them on: a source may be ahead of the
 * pages (memory items before the memory pages).
 */
export function recordGroup(group: SearchGroup, pages: PalettePage[]): PaletteGroup {
  return {
    key: `records:${group.source}`,
    label: group.label,
    problem: group.error ? `${group.label} ${PROBLEMS[group.error]}.` : null,
    entries: group.results
      .filter((result) => hasPage(pages, result.url))
      .map((result) => ({
        key: `${group.source}:${result.id}`,
        label: result.title,
        description: result.detail,
        icon: null,
        at: result.at,
        target: { url: result.url },
      })),
  };
}
