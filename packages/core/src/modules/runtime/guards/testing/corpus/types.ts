/** Where a sample would reach the guard: HTML goes through the page path (hidden parts first). */
export type Carrier = 'text' | 'html' | 'mail' | 'feed' | 'json' | 'code' | 'chat';

export type AttackCategory =
  | 'phrase'
  | 'authority'
  | 'role_tags'
  | 'chat_template'
  | 'delimiter'
  | 'fake_tool'
  | 'html_hidden'
  | 'invisible'
  | 'encoded'
  | 'multilingual';

export interface Attack {
  category: AttackCategory;
  carrier: Carrier;
  lang: string;
  text: string;
}

export type BenignCategory =
  | 'security_article'
  | 'everyday'
  | 'chat_log'
  | 'code'
  | 'documentation'
  | 'data'
  | 'multilingual'
  | 'web_page';

export interface Benign {
  category: BenignCategory;
  carrier: Carrier;
  lang: string;
  text: string;
}

export const attack = (
  category: AttackCategory,
  carrier: Carrier,
  lang: string,
  text: string,
): Attack => ({ category, carrier, lang, text });

export const benign = (
  category: BenignCategory,
  carrier: Carrier,
  lang: string,
  text: string,
): Benign => ({ category, carrier, lang, text });
