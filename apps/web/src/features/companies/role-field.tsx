import { ROLE_LABELS } from "@ideaport/shared";
import { Group, Radio } from "@mantine/core";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { t } from "../../lib/i18n.ts";

/**
 * A team role chosen between employee and manager, as a radio group bound to a form field.
 * `radioName` names the radios' group when two forms on one page hold the same field.
 */
export function RoleField<Values extends FieldValues>({
  control,
  name,
  label,
  description,
  radioName = name,
}: {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  description?: string;
  radioName?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Radio.Group
          label={label}
          description={description}
          name={radioName}
          value={field.value}
          onChange={field.onChange}
        >
          <Group mt="xs">
            <Radio value="employee" label={t(ROLE_LABELS.employee)} />
            <Radio value="manager" label={t(ROLE_LABELS.manager)} />
          </Group>
        </Radio.Group>
      )}
    />
  );
}
