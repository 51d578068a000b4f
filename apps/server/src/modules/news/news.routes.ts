import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf, inCompany } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { endpointSchema, withParams } from "../../core/route-schema.ts";
import { createNewsService } from "./news.service.ts";

/** News: the company's posts (read by everyone, published by admins) and their categories. */
export async function newsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createNewsService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: [app.authenticate] };

  routes.get(
    api.listNews.path,
    { ...signedIn, schema: endpointSchema(api.listNews), config: app.limitTo(api.listNews) },
    async (request) => {
      const page = await service.list(inCompany(callerOf(request)), request.query);
      return { success: true as const, news: page.news, categories: page.categories, next_cursor: page.nextCursor };
    },
  );

  routes.post(
    api.createNews.path,
    { ...signedIn, schema: endpointSchema(api.createNews), config: app.limitTo(api.createNews) },
    async (request) => {
      const news = await service.create(inCompany(callerOf(request)), request.body);
      return { success: true as const, news };
    },
  );

  routes.get(
    api.newsCategories.path,
    { ...signedIn, schema: endpointSchema(api.newsCategories), config: app.limitTo(api.newsCategories) },
    async (request) => {
      const categories = await service.categories(inCompany(callerOf(request)));
      return { success: true as const, categories };
    },
  );

  routes.post(
    api.createNewsCategory.path,
    { ...signedIn, schema: endpointSchema(api.createNewsCategory), config: app.limitTo(api.createNewsCategory) },
    async (request) => {
      const category = await service.createCategory(inCompany(callerOf(request)), request.body.name);
      return { success: true as const, category };
    },
  );

  routes.patch(
    api.renameNewsCategory.path,
    {
      ...signedIn,
      schema: withParams(endpointSchema(api.renameNewsCategory), IdParamsSchema),
      config: app.limitTo(api.renameNewsCategory),
    },
    async (request) => {
      const id = pathId(request.params.id, "news_category.not_found");
      const category = await service.renameCategory(inCompany(callerOf(request)), id, request.body.name);
      return { success: true as const, category };
    },
  );

  routes.delete(
    api.deleteNewsCategory.path,
    {
      ...signedIn,
      schema: withParams(endpointSchema(api.deleteNewsCategory), IdParamsSchema),
      config: app.limitTo(api.deleteNewsCategory),
    },
    async (request) => {
      const id = pathId(request.params.id, "news_category.not_found");
      await service.deleteCategory(inCompany(callerOf(request)), id);
      return { success: true as const };
    },
  );

  routes.get(
    api.getNews.path,
    {
      ...signedIn,
      schema: withParams(endpointSchema(api.getNews), IdParamsSchema),
      config: app.limitTo(api.getNews),
    },
    async (request) => {
      const news = await service.get(inCompany(callerOf(request)), pathId(request.params.id, "news.not_found"));
      return { success: true as const, news };
    },
  );

  routes.patch(
    api.updateNews.path,
    {
      ...signedIn,
      schema: withParams(endpointSchema(api.updateNews), IdParamsSchema),
      config: app.limitTo(api.updateNews),
    },
    async (request) => {
      const id = pathId(request.params.id, "news.not_found");
      const news = await service.update(inCompany(callerOf(request)), id, request.body);
      return { success: true as const, news };
    },
  );

  routes.delete(
    api.deleteNews.path,
    {
      ...signedIn,
      schema: withParams(endpointSchema(api.deleteNews), IdParamsSchema),
      config: app.limitTo(api.deleteNews),
    },
    async (request) => {
      await service.remove(inCompany(callerOf(request)), pathId(request.params.id, "news.not_found"));
      return { success: true as const };
    },
  );
}
