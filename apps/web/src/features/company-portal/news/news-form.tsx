import {
  type CreateNewsRequest,
  NEWS_BODY_MAX_LENGTH,
  NEWS_MESSAGES,
  NEWS_PHRASES,
  NEWS_TITLE_MAX_LENGTH,
  NewsCategoryRequestSchema,
  type NewsItem,
  parseNewsVideo,
  type UpdateNewsRequest,
} from "@ideaport/shared";
import { Checkbox, Modal, NativeSelect, Radio, Stack, Textarea, TextInput } from "@mantine/core";
import { useEffect } from "react";
import type { FieldErrors, Resolver } from "react-hook-form";
import { DialogForm } from "../../../components/dialog-form.tsx";
import { errorMessageOf } from "../../../lib/form-errors.ts";
import { formatNumericDateTime } from "../../../lib/format.ts";
import { t } from "../../../lib/i18n.ts";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import {
  NEWS_CATEGORY_MESSAGES,
  NEWS_FORM_MESSAGES,
  NEWS_SECTION_MESSAGES,
  NEWS_SUBMIT_LABELS,
  PORTAL_COMMON_MESSAGES,
} from "../company-portal.texts.ts";
import { useCreateNews, useCreateNewsCategory, useNewsCategories, useUpdateNews } from "./news.queries.ts";
import type { NewsFormTarget, Publication } from "./news-form-target.ts";

// The Add news and Edit news dialog with its form. The section loads this module when the dialog
// first opens (news-dialogs.tsx), so neither the form library nor the dialog comes with the page.

/** The Category choice that creates a new category from the dialog. */
export const NEW_CATEGORY = "__new__";

/** The form's own values, as the inputs hold them. */
interface NewsFormValues {
  title: string;
  category_id: string;
  new_category: string;
  body: string;
  video: string;
  pinned: boolean;
  publication: Publication;
  /** A `datetime-local` value in the reader's time zone, `2026-12-01T09:00`. */
  publish_at: string;
}

/** A `datetime-local` value (the reader's time zone) for an instant. */
function localDateTimeOf(instant: string | null): string {
  if (!instant) return "";
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a `datetime-local` value names, with its offset as the API wants it; null when it is not one. */
function instantOf(localValue: string): string | null {
  if (localValue.trim() === "") return null;
  const date = new Date(localValue);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function publicationOf(news: NewsItem): Publication {
  return news.status === "draft" ? "draft" : news.status === "scheduled" ? "schedule" : "now";
}

/** The create request the values stand for, once the category exists. */
function createRequestOf(values: NewsFormValues, categoryId: string): CreateNewsRequest {
  const video = values.video.trim();
  return {
    title: values.title.trim(),
    body: values.body,
    category_id: categoryId,
    ...(video === "" ? {} : { video }),
    pinned: values.pinned,
    ...(values.publication === "draft"
      ? { published_at: null }
      : values.publication === "schedule"
        ? { published_at: instantOf(values.publish_at) ?? "" }
        : {}),
  };
}

/** Only what changed; a cleared video becomes null, a draft published now gets the current time. */
function updateRequestOf(news: NewsItem, values: NewsFormValues, categoryId: string): UpdateNewsRequest {
  const changes: UpdateNewsRequest = {};
  if (values.title.trim() !== news.title) changes.title = values.title.trim();
  if (values.body !== news.body) changes.body = values.body;
  if (categoryId !== news.category.id) changes.category_id = categoryId;
  const video = values.video.trim();
  if (video !== (news.video?.url ?? "")) changes.video = video === "" ? null : video;
  if (values.pinned !== news.pinned) changes.pinned = values.pinned;
  const before = publicationOf(news);
  if (values.publication === "draft" && before !== "draft") changes.published_at = null;
  if (values.publication === "now" && before !== "now") changes.published_at = new Date().toISOString();
  if (values.publication === "schedule") {
    const instant = instantOf(values.publish_at);
    if (before !== "schedule" || instant !== news.published_at) changes.published_at = instant ?? "";
  }
  return changes;
}

/** Checks the fields with the API's own rules and messages before anything is sent. */
const resolver: Resolver<NewsFormValues> = async (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  const title = values.title.trim();
  if (title === "") errors.title = { type: "required", message: t(NEWS_MESSAGES.titleRequired) };
  else if (title.length > NEWS_TITLE_MAX_LENGTH)
    errors.title = {
      type: "maxLength",
      message: t(NEWS_PHRASES.titleTooLong.message, NEWS_PHRASES.titleTooLong.values),
    };
  if (values.body.length > NEWS_BODY_MAX_LENGTH)
    errors.body = { type: "maxLength", message: t(NEWS_PHRASES.bodyTooLong.message, NEWS_PHRASES.bodyTooLong.values) };
  if (values.category_id === "") errors.category_id = { type: "required", message: t(NEWS_MESSAGES.categoryRequired) };
  if (values.category_id === NEW_CATEGORY) {
    const name = NewsCategoryRequestSchema.safeParse({ name: values.new_category });
    if (!name.success)
      errors.new_category = {
        type: "invalid",
        message: name.error.issues[0]?.message ?? "",
      };
  }
  if (values.video.trim() !== "" && parseNewsVideo(values.video) === null) {
    errors.video = { type: "invalid", message: t(NEWS_MESSAGES.videoInvalid) };
  }
  if (values.publication === "schedule") {
    const instant = instantOf(values.publish_at);
    if (instant === null) {
      errors.publish_at = { type: "required", message: t(NEWS_FORM_MESSAGES.publicationTimeRequired) };
    } else if (new Date(instant).getTime() <= Date.now()) {
      errors.publish_at = { type: "min", message: t(NEWS_FORM_MESSAGES.publicationTimeInPast) };
    }
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<NewsFormValues> };
  return { values, errors: {} };
};

/**
 * The server's field names for both calls of a submit: a new category's `name` (its own request
 * has no other field) and the post's fields (which have no `name`).
 */
const SERVER_FIELDS = {
  name: "new_category",
  title: "title",
  body: "body",
  category_id: "category_id",
  video: "video",
  pinned: "pinned",
  published_at: "publish_at",
} as const;

function NewsForm({
  target,
  onDone,
  onCancel,
}: {
  target: NewsFormTarget;
  onDone: (message: string, news: NewsItem) => void;
  onCancel: () => void;
}) {
  const categories = useNewsCategories();
  const createNews = useCreateNews();
  const updateNews = useUpdateNews();
  const createCategory = useCreateNewsCategory();
  const editing = target.mode === "edit" ? target.news : null;
  const initial = target.mode === "add" ? target.initial : undefined;
  const form = useSchemaForm(resolver, {
    fieldNames: SERVER_FIELDS,
    defaultValues: editing
      ? {
          title: editing.title,
          category_id: editing.category.id,
          new_category: "",
          body: editing.body,
          video: editing.video?.url ?? "",
          pinned: editing.pinned,
          publication: publicationOf(editing),
          publish_at: editing.status === "scheduled" ? localDateTimeOf(editing.published_at) : "",
        }
      : {
          title: initial?.title ?? "",
          category_id: "",
          new_category: "",
          body: initial?.body ?? "",
          video: "",
          pinned: false,
          publication: "now",
          publish_at: "",
        },
  });
  const categoryList = categories.data ?? [];
  const hasNoCategories = categories.isSuccess && categoryList.length === 0;
  const category = form.watch("category_id");
  const firstCategoryId = categories.isSuccess ? (categoryList[0]?.id ?? NEW_CATEGORY) : null;
  useEffect(() => {
    // The first category is chosen once the list arrives; a company without any starts a new one.
    if (firstCategoryId !== null && form.getValues("category_id") === "") form.setValue("category_id", firstCategoryId);
  }, [firstCategoryId, form.getValues, form.setValue]);
  const publication = form.watch("publication");

  const onSubmit = form.submit(
    async (values) => {
      let categoryId = values.category_id;
      if (categoryId === NEW_CATEGORY) {
        const created = await createCategory.mutateAsync(values.new_category.trim());
        categoryId = created.id;
        // A retry after a refused post must not create the category twice.
        form.setValue("category_id", created.id);
        form.setValue("new_category", "");
      }
      return editing
        ? updateNews.mutateAsync({ newsId: editing.id, changes: updateRequestOf(editing, values, categoryId) })
        : createNews.mutateAsync(createRequestOf(values, categoryId));
    },
    {
      onSuccess: (news) => {
        const title = news.title;
        const message = editing
          ? t(NEWS_FORM_MESSAGES.saved, { title })
          : news.status === "draft"
            ? t(NEWS_FORM_MESSAGES.drafted, { title })
            : news.status === "scheduled" && news.published_at
              ? t(NEWS_FORM_MESSAGES.scheduled, { title, when: formatNumericDateTime(news.published_at) })
              : t(NEWS_FORM_MESSAGES.published, { title });
        onDone(message, news);
      },
    },
  );

  return (
    <DialogForm
      label={t(editing ? NEWS_SECTION_MESSAGES.edit : NEWS_SECTION_MESSAGES.add)}
      onSubmit={onSubmit}
      error={form.formError ?? form.formState.errors.root?.message}
      onCancel={onCancel}
      submitLabel={t(
        editing && publication === "now" ? PORTAL_COMMON_MESSAGES.saveChanges : NEWS_SUBMIT_LABELS[publication],
      )}
      isSubmitting={form.formState.isSubmitting}
    >
      <TextInput label={t(PORTAL_COMMON_MESSAGES.title)} required data-autofocus {...form.field("title")} />
      <NativeSelect
        label={t(NEWS_FORM_MESSAGES.category)}
        required
        disabled={categories.isPending}
        data={[
          ...(categories.isPending ? [{ value: "", label: t(NEWS_CATEGORY_MESSAGES.loading) }] : []),
          ...categoryList.map((entry) => ({ value: entry.id, label: entry.name })),
          { value: NEW_CATEGORY, label: t(NEWS_FORM_MESSAGES.newCategory) },
        ]}
        description={hasNoCategories ? t(NEWS_FORM_MESSAGES.noCategoriesYet) : undefined}
        error={
          form.formState.errors.category_id?.message ??
          (categories.isError ? errorMessageOf(categories.error) : undefined)
        }
        value={category}
        onChange={(event) => form.setValue("category_id", event.currentTarget.value)}
      />
      {category === NEW_CATEGORY && (
        <TextInput label={t(NEWS_CATEGORY_MESSAGES.newName)} required {...form.field("new_category")} />
      )}
      <Textarea
        label={t(NEWS_FORM_MESSAGES.text)}
        description={t(NEWS_FORM_MESSAGES.textHint)}
        rows={8}
        resize="vertical"
        {...form.field("body")}
      />
      <TextInput
        label={t(NEWS_FORM_MESSAGES.video)}
        description={t(NEWS_FORM_MESSAGES.videoHint)}
        inputMode="url"
        {...form.field("video")}
      />
      <Checkbox label={t(NEWS_FORM_MESSAGES.pin)} {...form.register("pinned")} />
      <Radio.Group
        label={t(NEWS_FORM_MESSAGES.publication)}
        value={publication}
        onChange={(value) => form.setValue("publication", value as Publication)}
      >
        <Stack gap="xs" mt={6}>
          <Radio value="now" label={t(NEWS_FORM_MESSAGES.publishNow)} />
          <Radio value="schedule" label={t(NEWS_SUBMIT_LABELS.schedule)} />
          <Radio
            value="draft"
            label={t(NEWS_FORM_MESSAGES.saveAsDraft)}
            description={t(NEWS_FORM_MESSAGES.draftsHint)}
          />
        </Stack>
      </Radio.Group>
      {publication === "schedule" && (
        <TextInput
          type="datetime-local"
          label={t(NEWS_FORM_MESSAGES.publicationTime)}
          description={t(NEWS_FORM_MESSAGES.publicationTimeHint)}
          required
          {...form.field("publish_at")}
        />
      )}
    </DialogForm>
  );
}

/** The Add news / Edit news dialog; `NewsFormDialog` (news-dialogs.tsx) loads it lazily. */
export function NewsFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: NewsFormTarget | null;
  onClose: () => void;
  onSaved: (message: string, news: NewsItem) => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t(target?.mode === "edit" ? NEWS_SECTION_MESSAGES.edit : NEWS_SECTION_MESSAGES.add)}
      size="lg"
      centered
    >
      {target && <NewsForm target={target} onCancel={onClose} onDone={onSaved} />}
    </Modal>
  );
}
