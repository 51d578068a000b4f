import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathIdReader } from "../../core/path-id.ts";
import { pageAnswer } from "../../core/route-answer.ts";
import { signedInLimited } from "../../core/route-schema.ts";
import { createNewsService } from "./news.service.ts";

/** News: the company's posts (read by everyone, published by admins) and their categories. */
export async function newsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createNewsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const newsIdOf = pathIdReader("id", "news.not_found");
  const categoryIdOf = pathIdReader("id", "news_category.not_found");

  routes.get(api.listNews.path, signedInLimited(app, api.listNews), async (request) =>
    pageAnswer(await service.list(companyCallerOf(request), request.query)),
  );

  routes.post(api.createNews.path, signedInLimited(app, api.createNews), async (request) => {
    const news = await service.create(companyCallerOf(request), request.body);
    return { success: true as const, news };
  });

  routes.get(api.newsCategories.path, signedInLimited(app, api.newsCategories), async (request) => {
    const categories = await service.categories(companyCallerOf(request));
    return { success: true as const, categories };
  });

  routes.post(api.createNewsCategory.path, signedInLimited(app, api.createNewsCategory), async (request) => {
    const category = await service.createCategory(companyCallerOf(request), request.body.name);
    return { success: true as const, category };
  });

  routes.patch(
    api.renameNewsCategory.path,
    signedInLimited(app, api.renameNewsCategory, IdParamsSchema),
    async (request) => {
      const id = categoryIdOf(request);
      const category = await service.renameCategory(companyCallerOf(request), id, request.body.name);
      return { success: true as const, category };
    },
  );

  routes.delete(
    api.deleteNewsCategory.path,
    signedInLimited(app, api.deleteNewsCategory, IdParamsSchema),
    async (request) => {
      const id = categoryIdOf(request);
      await service.deleteCategory(companyCallerOf(request), id);
      return { success: true as const };
    },
  );

  routes.get(api.getNews.path, signedInLimited(app, api.getNews, IdParamsSchema), async (request) => {
    const news = await service.get(companyCallerOf(request), newsIdOf(request));
    return { success: true as const, news };
  });

  routes.patch(api.updateNews.path, signedInLimited(app, api.updateNews, IdParamsSchema), async (request) => {
    const id = newsIdOf(request);
    const news = await service.update(companyCallerOf(request), id, request.body);
    return { success: true as const, news };
  });

  routes.delete(api.deleteNews.path, signedInLimited(app, api.deleteNews, IdParamsSchema), async (request) => {
    await service.remove(companyCallerOf(request), newsIdOf(request));
    return { success: true as const };
  });
}
