import { createContext, useContext } from 'react';
import type { PaletteAction, PalettePage } from './palette-entries';

export interface PaletteContextValue {
  pages: PalettePage[];
  actions: PaletteAction[];
}

export const PaletteContext = createContext<PaletteContextValue | null>(null);

/** The pages and actions of the palette; only inside the signed-in layout. */
export function usePaletteContext(): PaletteContextValue {
  const value = useContext(PaletteContext);
  if (!value) throw new Error('usePaletteContext outside PaletteProvider');
  return value;
}
