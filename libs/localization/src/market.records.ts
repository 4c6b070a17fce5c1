export interface ImportedMarket {
  id: number;
  handle: string;
}

export interface MarketRecord {
  id: number;
  handle: string;
  name: string;
  primary: boolean;
  enabled: boolean;
  countries: string[];
  currency: string;
  languages: string[];
  defaultLanguage: string;
  /** Normalised decimal string ('1.35'). */
  exchangeRate: string;
  rounding: string | null;
}
