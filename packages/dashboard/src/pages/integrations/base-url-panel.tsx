import { Button, Group, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { IntegrationDetail } from '../../api/integrations';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { Panel } from '../../components/panel';
import { useSetBaseUrl } from '../../hooks/use-integrations';

/** Where a self-hostable connector points; only shown for connectors that allow it. */
export function BaseUrlPanel({ integration }: { integration: IntegrationDetail }) {
  const [draft, setDraft] = useState<string | null>(null);
  const save = useSetBaseUrl(integration.id);
  const current = integration.base_url_overridden ? (integration.base_url ?? '') : '';
  const value = draft ?? current;
  const errors = formErrors(save.error, { base_url: '/base_url' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(value.trim() === '' ? null : value.trim(), { onSuccess: () => setDraft(null) });
  };

  return (
    <Panel title="Base URL">
      <form onSubmit={submit} aria-label="Base URL">
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            label="Your server"
            placeholder={integration.default_base_url ?? 'https://your-server.example'}
            value={value}
            onChange={(event) => setDraft(event.currentTarget.value)}
            error={errors.fields.base_url}
            style={{ flex: 1 }}
            required={integration.base_url_override === 'required'}
          />
          <Button type="submit" loading={save.isPending} disabled={value === current}>
            Save
          </Button>
        </Group>
        <FormRefusal refusal={errors.refusal} />
      </form>
      <Text size="xs" c="dimmed">
        {integration.base_url_override === 'required'
          ? 'This connector has no default server: calls go to the URL you set here.'
          : `Empty uses the vendor's ${integration.default_base_url ?? 'default'}.`}{' '}
        It may be on your LAN; the model only chooses paths below it.
      </Text>
    </Panel>
  );
}
