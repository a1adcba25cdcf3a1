import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
} from "react";

type Described = { label: string; error?: string; hint?: ReactNode };

const control =
  "min-h-11 w-full rounded-md border border-slate-400 bg-surface px-3 py-2 text-base text-ink shadow-sm aria-[invalid]:border-danger-700 aria-[invalid]:ring-1 aria-[invalid]:ring-danger-700";
// A select is :read-only to CSS whatever it allows; only a text input that is looks it.
const inputControl = `${control} read-only:bg-slate-100`;

function useDescribed(error?: string, hint?: ReactNode) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return { id, describedBy };
}

function Help({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <div id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The control's accessible wiring: its id, its error state and what describes it. */
type Wiring = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * The frame every field shares: the label above (or, for a checkbox, around) the control,
 * then its hint and error, tied to it for screen readers.
 */
function Framed({ label, error, hint, inline, control }: Described & { inline?: boolean; control: (wiring: Wiring) => ReactNode }) {
  const { id, describedBy } = useDescribed(error, hint);
  const wiring: Wiring = { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  return (
    <div className="flex flex-col gap-1">
      {inline ? (
        <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm font-medium">
          {control(wiring)}
          {label}
        </label>
      ) : (
        <>
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          {control(wiring)}
        </>
      )}
      <Help id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled input, with its hint and its error tied to it for screen readers. */
export function FormField({
  label,
  error,
  hint,
  ...input
}: Described & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <Framed label={label} error={error} hint={hint} control={(w) => <input {...w} className={inputControl} {...input} />} />;
}

/** A labelled select: the same frame as FormField. */
export function SelectFormField({
  label,
  error,
  hint,
  children,
  ...select
}: Described & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode; ref?: Ref<HTMLSelectElement> }) {
  return (
    <Framed
      label={label}
      error={error}
      hint={hint}
      control={(w) => (
        <select {...w} className={control} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** A labelled multi-line text box (notes): the same frame as FormField. */
export function TextAreaFormField({ label, error, hint, ...area }: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <Framed label={label} error={error} hint={hint} control={(w) => <textarea {...w} rows={3} className={control} {...area} />} />;
}

/** A checkbox with its label beside it, the whole row a 44 px target. */
export function CheckboxFormField({ label, error, hint, ...input }: Described & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Framed
      label={label}
      error={error}
      hint={hint}
      inline
      control={(w) => <input {...w} type="checkbox" className="size-5 accent-brand-700" {...input} />}
    />
  );
}

/**
 * After a post comes back with field errors, focus the first invalid field of the form,
 * so a keyboard or screen-reader user lands on what to fix. `errors` is the action's
 * fieldErrors object: a new object per answer, so each failed submit moves focus again.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, errors: object) {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, form]);
}
