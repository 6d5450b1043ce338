/**
 * Adding a source from the console: pick a kind, then its settings and secrets, each field from
 * what the service says the kind asks for (`GET /api/sources/kinds`). Secrets are typed into
 * password fields, sent once, and written to the service's data folder; they never come back.
 */
import { type FormEvent, useState } from 'react';
import { useAddSource, useSourceKinds } from '../api/queries.js';
import type { SourceKindView } from '../api/types.js';
import { ErrorState, Loading } from '../ui/states.js';
import { useOneAtATime } from '../ui/use-one-at-a-time.js';

type Field = SourceKindView['settings'][number];

/** A field's typed value from its input's text; undefined: left out. */
function fieldValue(field: Field, text: string): unknown {
  if (text.trim() === '') return undefined;
  if (field.type === 'number' || field.type === 'integer') return Number(text);
  if (field.type === 'boolean') return text === 'true';
  return text.trim();
}

function FieldInput(props: { field: Field; secret: boolean; prefix: string }) {
  const { field, secret, prefix } = props;
  const label = `${field.name}${field.required ? '' : ' (optional)'}`;
  const name = `${prefix}.${field.name}`;
  const hint = field.description ? <small>{field.description}</small> : null;
  if (field.type === 'boolean') {
    return (
      <label className="filter source-field">
        <span>{label}</span>
        <select name={name} defaultValue="">
          <option value="">
            default{field.default === undefined ? '' : ` (${String(field.default)})`}
          </option>
          <option value="true">yes</option>
          <option value="false">no</option>
        </select>
        {hint}
      </label>
    );
  }
  return (
    <label className="filter source-field">
      <span>{label}</span>
      <input
        name={name}
        type={secret ? 'password' : field.type === 'string' ? 'text' : 'number'}
        autoComplete="off"
        required={field.required}
        placeholder={field.default === undefined ? '' : String(field.default)}
      />
      {hint}
    </label>
  );
}

/** The form; `onAdded` hears the new source's name. */
export function AddSourceForm({ onAdded }: { onAdded: (name: string) => void }) {
  const kinds = useSourceKinds();
  const add = useAddSource();
  const addOnce = useOneAtATime(add);
  const [kindName, setKindName] = useState('');
  if (kinds.isPending) return <Loading what="the source kinds" />;
  if (kinds.isError) return <ErrorState error={kinds.error} />;
  const kind = kinds.data.kinds.find((k) => k.kind === kindName);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!kind) return;
    const form = new FormData(event.currentTarget);
    const read = (prefix: string, fields: Field[]) =>
      Object.fromEntries(
        fields
          .map((field) => [
            field.name,
            fieldValue(field, String(form.get(`${prefix}.${field.name}`) ?? '')),
          ])
          .filter(([, value]) => value !== undefined),
      );
    const target = event.currentTarget;
    addOnce(
      {
        kind: kind.kind,
        name: String(form.get('name') ?? ''),
        settings: read('settings', kind.settings),
        secrets: read('secrets', kind.secrets) as Record<string, string>,
      },
      {
        onSuccess: (source) => {
          target.reset();
          onAdded(source.name);
        },
      },
    );
  };
  return (
    <form className="add-source" onSubmit={submit} aria-label="Add a source">
      <div className="source-fields">
        <label className="filter source-field">
          <span>Kind</span>
          <select
            name="kind"
            value={kindName}
            onChange={(event) => setKindName(event.target.value)}
          >
            <option value="">Choose…</option>
            {kinds.data.kinds.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.kind}
              </option>
            ))}
          </select>
          {kind ? <small>{kind.description}</small> : null}
        </label>
        {kind ? (
          <label className="filter source-field">
            <span>Name</span>
            <input name="name" required maxLength={100} autoComplete="off" />
          </label>
        ) : null}
      </div>
      {kind && kind.settings.length > 0 ? (
        <fieldset className="source-fields">
          <legend>Settings</legend>
          {kind.settings.map((field) => (
            <FieldInput key={field.name} field={field} secret={false} prefix="settings" />
          ))}
        </fieldset>
      ) : null}
      {kind && kind.secrets.length > 0 ? (
        <fieldset className="source-fields">
          <legend>Secrets (kept in the data folder, never shown again)</legend>
          {kind.secrets.map((field) => (
            <FieldInput key={field.name} field={field} secret prefix="secrets" />
          ))}
        </fieldset>
      ) : null}
      <button type="submit" disabled={!kind || add.isPending}>
        Add source
      </button>
      {add.error ? (
        <p className="state error" role="alert">
          {add.error.message}
        </p>
      ) : null}
    </form>
  );
}
