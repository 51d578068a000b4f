export { newsListQueryOptions } from "./news/news.queries.ts";
export { announcementOf } from "./news/news-announce.ts";
export { NewsFormDialog } from "./news/news-dialogs.tsx";
export type { NewsFormTarget } from "./news/news-form-target.ts";
export { pointsKeys } from "./points/points.queries.ts";
export { BALANCE_KEYS } from "./rewards/balance-keys.ts";
export { rewardsQueryOptions } from "./rewards/rewards.queries.ts";
