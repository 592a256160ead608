/** A paragraph, or a bulleted list of short points. */
export type LegalBlock = string | { readonly items: readonly string[] };

export type LegalSection = {
  readonly id: string;
  readonly title: string;
  readonly body: readonly LegalBlock[];
};

/** One legal page: its texts live in data modules so that the page component only lays them out. */
export type LegalDocument = {
  readonly title: string;
  /** The page's meta description. */
  readonly description: string;
  /** e.g. 'Effective from 25 May 2018'. */
  readonly dateLine: string;
  readonly intro: readonly LegalBlock[];
  /** Collapsible sections (docs/product/public-site.md); a one-page document renders them open. */
  readonly sections: readonly LegalSection[];
  readonly collapsible: boolean;
};

export const COMPANY = 'Geekly';
export const SUPPORT_EMAIL = 'support@geekly.example';
