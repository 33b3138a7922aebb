// A form whose react-hook-form arrives on the visitor's first touch of it, not with the page: the sign-in
// and reset pages stay within the first-download budget of a public page (docs/decisions/0040, 0063).
//
// Until then the inputs are plain uncontrolled inputs with their names; this module only remembers them.
// On the first focus, pointer or key press inside the form (or a submit, or `prepare()`), form-control.ts
// loads and its control takes over THOSE elements: each is registered with what it holds at that moment
// (typed, or filled in by a password manager) as its value, so nothing is lost and nothing is remounted
// (a remount while a phone's keyboard is up would drop the focus and the keyboard).
import { useCallback, useState, type BaseSyntheticEvent } from 'react';
import type {
  FieldErrors,
  FieldValues,
  Path,
  PathValue,
  ReadFormState,
  RegisterOptions,
  SubmitHandler,
  UseFormRegister,
  UseFormRegisterReturn,
} from 'react-hook-form';
import type { ContractControl, createContractControl } from './form-control';
import type { SchemaSource } from './forms';

/** The part of `useContractForm`'s answer the visitor pages use. */
export interface DeferredForm<Values extends FieldValues> {
  register: UseFormRegister<Values>;
  handleSubmit: (onValid: SubmitHandler<Values>) => (event?: BaseSyntheticEvent) => Promise<unknown>;
  watch: <N extends Path<Values>>(name: N) => PathValue<Values, N>;
  getValues: <N extends Path<Values>>(name: N) => PathValue<Values, N>;
  clearErrors: () => void;
  /** Puts the fields back to `values` (a comment posted: the box empties). */
  reset: (values: Values) => void;
  formState: { errors: FieldErrors<Values>; isSubmitting: boolean };
  /** Spread onto the <form>: the first focus, pointer or key press inside it loads react-hook-form. */
  formEvents: { onFocus: () => void; onPointerDown: () => void; onKeyDown: () => void };
  /** Loads react-hook-form now, for a control outside the form that changes it (Sign In / Create Account). */
  prepare: () => void;
}

type AnyOptions = RegisterOptions<FieldValues, string>;
type Placeholder = UseFormRegisterReturn<string>;

const LOAD_FAILED = 'The form could not be loaded. Check your connection and try again.';

/** Everything of a deferred form that lives outside React's state: one per form, for the page's life. */
class FormKeeper<Values extends FieldValues> {
  /** The inputs on screen by name, while react-hook-form is not there yet. */
  readonly elements = new Map<string, HTMLInputElement>();
  readonly options = new Map<string, AnyOptions | undefined>();
  readonly placeholders = new Map<string, Placeholder>();
  control: ContractControl<Values> | null = null;
  loading: Promise<ContractControl<Values>> | null = null;
  submitWaiting = false;

  constructor(
    readonly defaults: Values,
    /** The form's current rules (they may change with its mode); the resolver reads them on each check. */
    public schema: SchemaSource,
    readonly onTyped: () => void,
    readonly onState: (state: { errors: FieldErrors<Values>; isSubmitting: boolean }) => void,
    readonly onLoaded: (control: ContractControl<Values>) => void,
  ) {}

  load(): Promise<ContractControl<Values>> {
    this.loading ??= import('./form-control').then(
      ({ createContractControl }) => this.takeOver(createContractControl),
      (err: unknown) => {
        this.loading = null; // the next touch asks again (a browser may answer from its failed import)
        throw err;
      },
    );
    return this.loading;
  }

  private takeOver(create: typeof createContractControl): ContractControl<Values> {
    // In the order they stand on the page, so the first invalid field is the one focused.
    const onScreen = [...this.elements].sort(([, a], [, b]) =>
      a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    );
    const values: Record<string, unknown> = { ...this.defaults };
    for (const [name, element] of onScreen) values[name] = element.value;
    const control = create<Values>(() => this.schema, values as Values);
    control.subscribe({
      // isSubmitting is missing from the type of what can be followed, but the control honours it.
      formState: { errors: true, isSubmitting: true } as Partial<ReadFormState>,
      callback: ({ errors, isSubmitting }) =>
        this.onState({ errors: errors ?? {}, isSubmitting: Boolean(isSubmitting) }),
    });
    // The same elements, registered now: the re-render that swaps in react-hook-form's own bindings
    // then finds each one already known and leaves its value alone.
    for (const [name, element] of onScreen)
      control.register(name as Path<Values>, this.options.get(name) as never).ref(element);
    this.control = control;
    this.onLoaded(control);
    return control;
  }

  /** A plain binding: remembers the element and keeps the field's own onChange (the phone's formatting). */
  placeholder(name: string, options: AnyOptions | undefined): Placeholder {
    this.options.set(name, options);
    let binding = this.placeholders.get(name);
    if (!binding) {
      // Between the control's arrival and the re-render, an event goes to react-hook-form directly.
      const forward = async (event: { target: unknown; type?: unknown }) => {
        if (this.control)
          return this.control.register(name as Path<Values>, this.options.get(name) as never).onChange(event);
        if (event.type !== 'blur') {
          this.options.get(name)?.onChange?.(event);
          this.onTyped();
        }
      };
      binding = {
        name,
        onChange: forward,
        onBlur: forward,
        ref: (element: HTMLInputElement | null) => {
          if (element) this.elements.set(name, element);
          else this.elements.delete(name);
        },
      };
      this.placeholders.set(name, binding);
    }
    return binding;
  }

  valueOf(name: string): unknown {
    if (this.control) return this.control.getValues(name as Path<Values>);
    return this.elements.get(name)?.value ?? (this.defaults as Record<string, unknown>)[name];
  }
}

/**
 * `useContractForm` (lib/forms.ts) for a page that must not ship react-hook-form with its first
 * download. Same rules once loaded; until then a submit waits for the load and then goes through them.
 */
export function useDeferredContractForm<Values extends FieldValues>(
  schema: SchemaSource,
  { defaultValues }: { defaultValues: Values },
): DeferredForm<Values> {
  const [, setTyped] = useState(0);
  const [control, setControl] = useState<ContractControl<Values> | null>(null);
  const [state, setState] = useState<{ errors: FieldErrors<Values>; isSubmitting: boolean }>({
    errors: {},
    isSubmitting: false,
  });
  const [waiting, setWaiting] = useState(false);
  const [keeper] = useState(
    () => new FormKeeper<Values>(defaultValues, schema, () => setTyped((n) => n + 1), setState, setControl),
  );
  keeper.schema = schema;

  const prepare = useCallback(() => {
    keeper.load().catch(() => {
      // Shown if the visitor submits; a touch alone asks again on the next one.
    });
  }, [keeper]);

  const register = ((name: Path<Values>, options?: RegisterOptions<Values, Path<Values>>) =>
    control
      ? control.register(name, options)
      : keeper.placeholder(name, options as AnyOptions | undefined)) as UseFormRegister<Values>;

  const handleSubmit: DeferredForm<Values>['handleSubmit'] = (onValid) => {
    if (control) return control.handleSubmit(onValid);
    return async (event) => {
      event?.preventDefault();
      if (keeper.submitWaiting) return;
      keeper.submitWaiting = true;
      setWaiting(true);
      try {
        const loaded = await keeper.load().catch(() => null);
        if (!loaded)
          return setState({
            errors: { root: { type: 'load', message: LOAD_FAILED } } as FieldErrors<Values>,
            isSubmitting: false,
          });
        await loaded.handleSubmit(onValid)();
      } finally {
        keeper.submitWaiting = false;
        setWaiting(false);
      }
    };
  };

  return {
    register,
    handleSubmit,
    watch: (name) => (control ? control.watch(name) : keeper.valueOf(name)) as never,
    getValues: (name) => keeper.valueOf(name) as never,
    clearErrors: () => {
      if (control) control.clearErrors();
      else setState((s) => ({ ...s, errors: {} }));
    },
    reset: (values) => {
      // The elements stay the ones on screen (a deferred form took them over): their values are set in place.
      if (control) return control.reset(values, { keepFieldsRef: true });
      for (const [name, element] of keeper.elements) element.value = String((values as Record<string, unknown>)[name] ?? '');
      setState({ errors: {}, isSubmitting: false });
    },
    formState: { errors: state.errors, isSubmitting: waiting || state.isSubmitting },
    formEvents: { onFocus: prepare, onPointerDown: prepare, onKeyDown: prepare },
    prepare,
  };
}
