/** The pseudo-language test build's catalogue (vite.config.ts, `pseudoCatalogue`). */
declare module "virtual:pseudo-catalogue" {
  const catalogue: Readonly<Record<string, unknown>>;
  export default catalogue;
}
