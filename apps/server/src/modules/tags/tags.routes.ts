import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathIdReader } from "../../core/path-id.ts";
import { signedInLimited } from "../../core/route-schema.ts";
import { createTagsService } from "./tags.service.ts";

/** The company's tag vocabulary. */
export async function tagsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createTagsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tagIdOf = pathIdReader("id", "tag.not_found");

  routes.get(api.listTags.path, signedInLimited(app, api.listTags), async (request) => ({
    success: true as const,
    ...(await service.list(companyCallerOf(request), request.query)),
  }));

  routes.post(api.createTag.path, signedInLimited(app, api.createTag), async (request) => ({
    success: true as const,
    tag: await service.create(companyCallerOf(request), request.body.name),
  }));

  routes.put(api.updateTagSettings.path, signedInLimited(app, api.updateTagSettings), async (request) => ({
    success: true as const,
    people_may_add: await service.updateSettings(companyCallerOf(request), request.body.people_may_add),
  }));

  routes.patch(api.updateTag.path, signedInLimited(app, api.updateTag, IdParamsSchema), async (request) => ({
    success: true as const,
    tag: await service.update(companyCallerOf(request), tagIdOf(request), request.body),
  }));

  routes.delete(api.deleteTag.path, signedInLimited(app, api.deleteTag, IdParamsSchema), async (request) => {
    await service.remove(companyCallerOf(request), tagIdOf(request));
    return { success: true as const };
  });
}
