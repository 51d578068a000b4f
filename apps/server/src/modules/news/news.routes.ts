import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf, inCompany } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { signedInChange } from "../../core/route-schema.ts";
import { createNewsService } from "./news.service.ts";

/** News: the company's posts (read by everyone, published by admins) and their categories. */
export async function newsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createNewsService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.listNews.path, signedInChange(app, api.listNews), async (request) => {
    const page = await service.list(inCompany(callerOf(request)), request.query);
    return { success: true as const, news: page.news, categories: page.categories, next_cursor: page.nextCursor };
  });

  routes.post(api.createNews.path, signedInChange(app, api.createNews), async (request) => {
    const news = await service.create(inCompany(callerOf(request)), request.body);
    return { success: true as const, news };
  });

  routes.get(api.newsCategories.path, signedInChange(app, api.newsCategories), async (request) => {
    const categories = await service.categories(inCompany(callerOf(request)));
    return { success: true as const, categories };
  });

  routes.post(api.createNewsCategory.path, signedInChange(app, api.createNewsCategory), async (request) => {
    const category = await service.createCategory(inCompany(callerOf(request)), request.body.name);
    return { success: true as const, category };
  });

  routes.patch(
    api.renameNewsCategory.path,
    signedInChange(app, api.renameNewsCategory, IdParamsSchema),
    async (request) => {
      const id = pathId(request.params.id, "news_category.not_found");
      const category = await service.renameCategory(inCompany(callerOf(request)), id, request.body.name);
      return { success: true as const, category };
    },
  );

  routes.delete(
    api.deleteNewsCategory.path,
    signedInChange(app, api.deleteNewsCategory, IdParamsSchema),
    async (request) => {
      const id = pathId(request.params.id, "news_category.not_found");
      await service.deleteCategory(inCompany(callerOf(request)), id);
      return { success: true as const };
    },
  );

  routes.get(api.getNews.path, signedInChange(app, api.getNews, IdParamsSchema), async (request) => {
    const news = await service.get(inCompany(callerOf(request)), pathId(request.params.id, "news.not_found"));
    return { success: true as const, news };
  });

  routes.patch(api.updateNews.path, signedInChange(app, api.updateNews, IdParamsSchema), async (request) => {
    const id = pathId(request.params.id, "news.not_found");
    const news = await service.update(inCompany(callerOf(request)), id, request.body);
    return { success: true as const, news };
  });

  routes.delete(api.deleteNews.path, signedInChange(app, api.deleteNews, IdParamsSchema), async (request) => {
    await service.remove(inCompany(callerOf(request)), pathId(request.params.id, "news.not_found"));
    return { success: true as const };
  });
}
