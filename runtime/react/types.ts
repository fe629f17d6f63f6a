import type { ReactNode, Ref } from 'react';
import type { ConditionScope } from '../core/conditions/evaluate';
import type { MaskDefinition } from '../core/masks';
import type { IdSource } from '../core/models';
import type {
  BlockConfig,
  CaptchaConfig,
  DocumentFile,
  FieldConfig,
  FieldValue,
  FormType,
  ModelConfig,
  ModelStoreState,
  PageAction,
  PageConfig,
} from '../core/types';
import type { CaptchaHandle } from '../widgets/Captcha';
import type { Translate } from '../widgets/types';

export type { Translate };

/** The captcha widget's imperative side: a token per challenge, and a reset after each attempt. */
export type { CaptchaHandle };

/** App settings the renderer reads. */
export interface RendererSettings {
  /** Address blocks show the international row and the country selector. */
  internationalAddresses?: boolean;
  /** The captcha block renders only when captcha is enabled (and a site key exists). */
  captchaEnabled?: boolean;
}

/** What the rule engine needs besides the values (the clock and the whitelist are injected). */
export interface ValidationEnv {
  t: Translate;
  whitelist: string | null;
  now: Date;
}

/** A field error as validatePage reports it and the error summary lists it. */
export interface PageFieldError {
  /** DOM id of the input to focus. */
  fieldId: string;
  /** clientId of the model or record the field sits on ('' for block-level messages). */
  clientId: string;
  /** Field key on the model, or the block's model name for block-level messages. */
  field: string;
  message: string;
  /** The field's translated label, when it has one (the summary link reads 'Label: message'). */
  label?: string;
}

/** Everything a block may use: data, the translator and callbacks computed with core functions. */
export interface PageContext extends ValidationEnv {
  page: PageConfig;
  formType: FormType;
  modelConfigs: ModelConfig[];
  /** The latest store (also between renders). */
  store: ModelStoreState;
  documents: DocumentFile[];
  culture: string;
  settings: RendererSettings;
  captcha: CaptchaConfig | null;
  /** After a refused Next: every field shows its errors. */
  showAllErrors: boolean;
  isNavigating: boolean;
  referenceCode: string | null;
  /** Lookup page: the authorize outcome (null before it). */
  lookupResult: { authorized: boolean; error?: string | null } | null;
  /** Single-instance models as conditions read them. */
  scope: ConditionScope;
  ids: IdSource;
  /** The config of a dtoMapping of this form type. */
  modelConfig(dtoMapping: string): ModelConfig;
  /** Resolves a mask name through the core mask registry. */
  getMask(name: string): MaskDefinition;
  /** Replaces the store with one computed by core functions (dependency resets are applied). */
  setStore(next: ModelStoreState): void;
  setDocuments(next: DocumentFile[]): void;
  /** Marks fields as showing their errors (on blur, on Upload) or hides them again (Add more). */
  setErrorsShown(clientId: string, fields: string[] | 'all', shown: boolean): void;
  /** Renders the fields of one model or record through the rjsf bridge. */
  renderFields(args: RenderFieldsArgs): ReactNode;
  /** The errors of the shown fields of one model or record, by the rule engine. */
  validateFields(args: RenderFieldsArgs): PageFieldError[];
  /** Every page of the flow (the summary finds field labels and edit targets there). */
  pages: PageConfig[];
  /** Where the captcha block exposes execute() and reset(). */
  captchaRef: Ref<CaptchaHandle | null>;
  captchaInProgress: boolean;
  onCaptchaProgress(inProgress: boolean): void;
  onAction(action: PageAction | string, detail?: unknown): void;
  onEditPage(pageId: string): void;
}

export interface RenderFieldsArgs {
  /** dtoMapping (camel or Pascal case). */
  model: string;
  /** Record client id; omitted for the single saved model of the dtoMapping. */
  clientId?: string;
  fields: FieldConfig[];
  legendKey?: string;
}

export interface BlockProps<B extends BlockConfig = BlockConfig> {
  config: B;
  ctx: PageContext;
}

export type BlockComponent<B extends BlockConfig = BlockConfig> = ((props: BlockProps<B>) => ReactNode) & {
  /**
   * Work a later render of the block needs (locale data, long option lists), done ahead of it in
   * idle time by prepareBlocksWhenIdle; cached by the block, so a render after it is cheap.
   */
  prepare?(culture: string): void;
};

/** The computed state of one field, the widget's input (spec §4 field states). */
export interface FieldState {
  visible: boolean;
  disabled: boolean;
  /** Required marker shown (the rules say required and the config does not disable the styling). */
  required: boolean;
  /** Mask name in force: a holding dependency's override, else the config's. */
  maskName: string | null;
  /** Value to store while a dependency does not hold, when it differs from the current one. */
  reset: { value: FieldValue } | null;
  /** Every message of the field's failing rules (hidden and disabled fields have none). */
  errors: string[];
}
