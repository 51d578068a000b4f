import { lazyDialog } from "../../../components/lazy-dialog.tsx";

/** The news post dialog (news-detail.tsx), loaded the first time a post is opened. */
export const NewsDetailDialog = lazyDialog(() => import("./news-detail.tsx").then((module) => module.NewsDetailModal), {
  isOpen: (props) => props.newsId !== null,
  closed: (props) => ({ ...props, newsId: null }),
});

/** The Add news / Edit news dialog (news-form.tsx), loaded when it first opens. */
export const NewsFormDialog = lazyDialog(() => import("./news-form.tsx").then((module) => module.NewsFormModal), {
  isOpen: (props) => props.target !== null,
  closed: (props) => ({ ...props, target: null }),
});

/** The News categories dialog (news-categories.tsx), loaded when it first opens. */
export const NewsCategoriesDialog = lazyDialog(
  () => import("./news-categories.tsx").then((module) => module.NewsCategoriesModal),
  {
    isOpen: (props) => props.opened,
    closed: (props) => ({ ...props, opened: false }),
  },
);
