import type { ComponentType, ReactNode, Ref } from 'react';
import type { ConditionScope } from '../core/conditions/evaluate';
import type { MaskDefinition } from '../core/masks';
import type { IdSource } from '../core/models';
import type {
  BlockConfig,
  CaptchaConfig,
  DeadlineSettings,
  DocumentFile,
  FieldConfig,
  FormType,
  ModelConfig,
  ModelStoreState,
  PageAction,
  PageConfig,
} from '../core/types';
import type { PageFieldError, ValidationEnv, ViewSettings } from '../core/view';
import type { WidgetRegistry } from './widget-types';

export type * from './widget-types';
export type { FieldState, PageFieldError, ValidationEnv } from '../core/view';

/** The captcha widget's imperative side: a token per challenge, and a reset after each attempt. */
export interface CaptchaHandle {
  execute(): Promise<string>;
  reset(): void;
}

/** App settings the renderer reads. */
export interface RendererSettings extends ViewSettings {
  /** The captcha block renders only when captcha is enabled (and a site key exists). */
  captchaEnabled?: boolean;
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
  /** The server's refusal of the page's action (a refused sign-in), under each field it concerns, by DOM id. */
  refusalErrors?: Readonly<Record<string, string>>;
  /** Saved records of a records block of documents have an Edit button too (a cure corrects a filed document's details without uploading it again). */
  editFileRecords?: boolean;
  /** Records shown as read-only context that no page here can change (a cure's filed records of pages it does not ask again): a Delete of a record they link to is refused. */
  fixedRecords?: ReadonlySet<string>;
  /** The server refused the page's last action or save (or no answer came): a record saved here says nothing of being saved. */
  refused?: boolean;
  isNavigating: boolean;
  referenceCode: string | null;
  /** When the submission was accepted (ms since the epoch; null before it) and the settlement's deadlines, whose zone it is told in. */
  submittedAt: number | null;
  /** Where the e-mail receipt goes (masked), when the server is sending one. */
  receiptAddress?: string | null;
  deadlines: DeadlineSettings;
  /** Lookup page: the authorize outcome (null before it). */
  lookupResult: { authorized: boolean; error?: string | null } | null;
  /** Single-instance models as conditions read them. */
  scope: ConditionScope;
  ids: IdSource;
  /** The config of a dtoMapping of this form type. */
  modelConfig(dtoMapping: string): ModelConfig;
  /** The field widgets by name (the app's registry). */
  widgets: WidgetRegistry;
  /** Resolves a mask name through the core mask registry. */
  getMask(name: string): MaskDefinition;
  /** Replaces the store with one computed by core functions (dependency resets are applied). */
  setStore(next: ModelStoreState): void;
  setDocuments(next: DocumentFile[]): void;
  /** Marks fields as showing their errors (on blur, on Upload) or hides them again (Add more). */
  setErrorsShown(clientId: string, fields: string[] | 'all', shown: boolean): void;
  /** Renders the fields of one model or record (their widgets, from the view model). */
  renderFields(args: RenderFieldsArgs): ReactNode;
  /** The errors of the shown fields of one model or record, by the rule engine. */
  validateFields(args: RenderFieldsArgs): PageFieldError[];
  /** Every page of the flow (the summary finds field labels and edit targets there). */
  pages: PageConfig[];
  /** Where the captcha block exposes execute() and reset(). */
  captchaRef: Ref<CaptchaHandle | null>;
  captchaInProgress: boolean;
  onCaptchaProgress(inProgress: boolean): void;
  /** The documents that presses wait for (a press made while they upload), once per waiting press. */
  awaitedUploads: readonly string[];
  /**
   * Makes a press once these uploads have settled, after the presses that wait before it, with the
   * documents as they are then (the core's WaitForUploads); Enter in a field starts nothing meanwhile.
   */
  pressAfterUploads(uploads: readonly string[], press: (documents: DocumentFile[]) => unknown): Promise<void>;
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

/** Which of a model's fields show their errors (blurred, or all after Upload or a refused Next), by model or record client id. */
export type ShownErrors = Readonly<Record<string, ReadonlySet<string> | 'all'>>;

/**
 * The answers as a store that tells of its changes (the form machine's, in the app): each block of
 * a page reads them itself, so that a keystroke draws the blocks and fields that read the answers,
 * not the page and the app around them.
 */
export interface StoreSource {
  get(): ModelStoreState;
  subscribe(listener: () => void): () => void;
}

/** What a group of fields is drawn from (ModelFields), and compared by to skip a render (same-fields.ts). */
export interface FieldGroupProps extends RenderFieldsArgs {
  ctx: PageContext;
  /**
   * The page's answers: the group reads them itself, and draws again when those its fields read
   * change (same-fields.ts), not when the block around it draws.
   */
  source: StoreSource;
  /** The answers given to the page with its render (none when the page reads a source): the group is compared by them then. */
  given: ModelStoreState | undefined;
  /** The condition scope of a store: one per store, shared by the page's blocks and groups. */
  scopeOf(store: ModelStoreState): ConditionScope;
  /** The documents of the render that draws the fields (the context's getter reads the latest, which a comparison cannot tell apart). */
  documents: readonly DocumentFile[];
  /** Fields whose errors show, by model or record. */
  shown: ShownErrors;
}

/** A group of fields as one of its renders draws it: its props, and the answers it read with their scope. */
export interface DrawnFieldGroup extends FieldGroupProps {
  store: ModelStoreState;
  scope: ConditionScope;
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
  /**
   * Whether the block draws the same for the answers `b` as it drew for `a` (its `when` aside), read
   * with the context of its last render: a change of answers it does not read does not draw it.
   * Without it, every change of the answers draws the block. The fields it draws through
   * renderFields read their own answers and are no concern of it.
   */
  sameAnswers?(config: B, a: ModelStoreState, b: ModelStoreState, ctx: PageContext): boolean;
};

export type BlockName = BlockConfig['block'];

/** Block components by the name flow files use (BlockConfig.block). */
export type BlockRegistry = { [K in BlockName]: BlockComponent<Extract<BlockConfig, { block: K }>> };

/** What the action bar's button takes (Back, and the page's primary action). */
export interface ActionButtonProps {
  /** The button element's id (the primary action's, which Enter in a field presses). */
  id?: string;
  label: string;
  variant: 'primary' | 'outline-secondary';
  icon?: 'send' | null;
  disableOnClick?: boolean;
  isNavigating?: boolean;
  captchaInProgress?: boolean;
  disabled?: boolean;
  onClick: () => void | Promise<unknown>;
}

/** The components the renderer draws with, passed in by the app: field widgets, blocks, the action button. */
export interface RendererRegistries {
  widgets: WidgetRegistry;
  blocks: BlockRegistry;
  Button: ComponentType<ActionButtonProps>;
}
