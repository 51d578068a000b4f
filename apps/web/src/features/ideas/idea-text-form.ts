import { CreateIdeaRequestSchema } from "@ideaport/shared";
import { useRef } from "react";
import { requestResolver, type SubmitSteps, useSchemaForm } from "../../lib/use-schema-form.ts";

/** The text of an idea as its forms edit it. */
export interface IdeaTextValues {
  title: string;
  description: string;
}

/**
 * An idea's text form with two buttons, one that saves it and one that also takes the author's
 * step (submits). Validated by the shared create schema, so the form says exactly what the API
 * would: a draft needs a title; taking the step also needs a description. The server's field
 * errors go on the title and description.
 */
export function useIdeaTextForm(defaultValues: IdeaTextValues) {
  const takesStep = useRef(false);
  const form = useSchemaForm<IdeaTextValues>(
    requestResolver<IdeaTextValues>(
      CreateIdeaRequestSchema,
      (values) => ({ title: values.title, description: values.description, draft: !takesStep.current }),
      ["title", "description"],
    ),
    { defaultValues, fieldNames: { title: "title", description: "description" } },
  );
  return {
    ...form,
    /** Validates for the button pressed (with or without the step), then makes the call. */
    save: <Answer>(
      takeStep: boolean,
      call: (values: IdeaTextValues) => Promise<Answer>,
      steps?: SubmitSteps<IdeaTextValues, Answer>,
    ) => {
      takesStep.current = takeStep;
      form.setFormError(null);
      void form.submit(call, steps)();
    },
    /** True while the button with (or without) the step is saving. */
    isSaving: (takeStep: boolean) => form.formState.isSubmitting && takesStep.current === takeStep,
    /** Whether the last save took the step (to try it again). */
    tookStep: () => takesStep.current,
    /** Puts a suggested title in the title field. */
    putTitle: (title: string) => form.setValue("title", title, { shouldDirty: true, shouldValidate: true }),
  };
}
