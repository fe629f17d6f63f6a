/**
 * The page's records and typed answers kept with the claim in progress while the claimant edits:
 * a chunk of its own, as no start page saves (loaded with the form machine's code, and before a page after sign-in draws: chunks.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isRepeating, typedOpenRecords } from '../../core/models';
import type { FormModel, ModelStoreState, PageConfig } from '../../core/types';
import { useServices, useApp } from '../context';
import { TYPED_SAVE_DELAY_MS, useTabHidden } from '../typedSaves';
import { useFormSelector, type FormSnapshot } from './formActor';
import { savePage, type FormSession } from './formSessions';

/** How long after the last keystroke in a record being typed that record is saved with the claim in progress. */
const OPEN_RECORD_SAVE_DELAY_MS = 800;

/** The saved records (their client ids and answers) as one text: a change of what they hold, not of their objects, saves the page. */
const recordsText = (records: readonly FormModel[]): string => JSON.stringify(records.map((m) => [m.clientId, m.fields]));

/** The records typed and not yet saved on the page (their client ids and answers) as one text. */
const openRecordsText = (page: PageConfig, store: ModelStoreState): string => JSON.stringify(typedOpenRecords(page, store).map((m) => [m.clientId, m.fields]));

/** Whether two lists hold the same objects in the same order. */
const sameItems = <T,>(a: readonly T[], b: readonly T[]): boolean => a === b || (a.length === b.length && a.every((item, i) => item === b[i]));

/**
 * What changed among the saved models from `before` to `after`: a record (a repeating model), or a
 * single model's answers. Compared by object (the store replaces the model it changes, and only
 * that one), and only the changed ones are asked whether they repeat: a keystroke in a single model
 * does not go through every saved record.
 */
function savedChanges(before: ModelStoreState, after: ModelStoreState): { records: boolean; typed: boolean } {
  if (before.saved === after.saved && before.records === after.records) return { records: false, typed: false };
  if (before.saved.length === after.saved.length && before.records === after.records) {
    let records = false;
    let typed = false;
    after.saved.forEach((m, i) => {
      const was = before.saved[i];
      if (was === m || was === undefined) return;
      if (isRepeating(m.metadata.dtoMapping, after) || isRepeating(was.metadata.dtoMapping, before)) records = true;
      else typed = true;
    });
    return { records, typed };
  }
  const single = (store: ModelStoreState) => store.saved.filter((m) => !isRepeating(m.metadata.dtoMapping, store));
  const a = single(before);
  const b = single(after);
  return { records: true, typed: a.length !== b.length || a.some((m, i) => m !== b[i]) };
}

/**
 * The page's records and answers kept with the claim in progress as the claimant edits them. A
 * component of its own (drawing nothing) that watches the answers through the form's actor rather
 * than reading them in its render: a keystroke draws nothing here, it only restarts a timer. It
 * renders again when a saved record changes (its save is asked in the effect that follows, once
 * the event that changed it, such as Next, has run to its end).
 */
export default function RecordSaves({ session, page, pageId }: { session: FormSession; page: PageConfig; pageId: string }) {
  const { actor, formType } = session;
  const { api } = useServices();
  const culture = useApp((s) => s.culture) ?? 'en';
  // Every record saved, changed or deleted on the page (repairs, denials, documents, a settlement's
  // own records) is saved with the page at once, so that a reload, another tab or a resume shows
  // it. The claimant is still on the page: it is saved unfinished (what it still lacks, such as a
  // receipt for every expense, is for Next to say). Saves run one at a time, in order; a record
  // save still waiting when a later one is asked is left out (the later one sends its answers too).
  // A save not stored (refused, or no answer) is told on the page; the records stay listed there,
  // and the next record saved, or Next, sends them again. Each also keeps the record being typed
  // (not saved yet), which is saved on its own too, a moment after the claimant stops typing.
  // The saved records' text, made again only when a saved record is another object.
  const recordsSeen = useRef<{ store: ModelStoreState; text: string } | null>(null);
  const selectRecords = useCallback((s: FormSnapshot) => {
    const store = s.context.store;
    const seen = recordsSeen.current;
    if (seen && (seen.store === store || !savedChanges(seen.store, store).records)) {
      seen.store = store;
      return seen.text;
    }
    const text = recordsText(store.saved.filter((m) => isRepeating(m.metadata.dtoMapping, store)));
    recordsSeen.current = { store, text };
    return text;
  }, []);
  const savedRecords = useFormSelector(actor, selectRecords);
  // The answers this component first drew with (what changes after them is the claimant's to
  // keep), then the last ones it watched.
  const [firstAnswers] = useState(() => actor.getSnapshot().context.store);
  const watched = useRef(firstAnswers);
  const lastRecords = useRef(savedRecords);
  // The open records' text as last saved (at first, as first drawn).
  const [firstOpenRecords] = useState(() => openRecordsText(page, firstAnswers));
  const lastOpenRecords = useRef(firstOpenRecords);
  const recordSaves = useRef(0);
  // Saves sent to the server, counted: one answered after a later one was sent may have been
  // stored after it (see saveUnfinished).
  const savesSent = useRef(0);
  // Whether a save asked since the last outcome was a record's, whose refusal is told on the page
  // (a save of typed answers alone is quiet: see below).
  const toldSavePending = useRef(false);
  // A save is answered in the language shown when it starts (also an upload).
  const cultureRef = useRef(culture);
  cultureRef.current = culture;
  const saveUnfinished = useCallback((quiet = false, leaving = false) => {
    const { context } = actor.getSnapshot();
    // Records restored from the server, or saved by Next on the way to another page, are not this page's to save.
    if (!context.authorized || !page.requiresAuthorization || context.navigation.currentPage !== pageId) return;
    if (!quiet) toldSavePending.current = true;
    const ticket = ++recordSaves.current;
    const save = async () => {
      const now = actor.getSnapshot();
      if (ticket !== recordSaves.current || now.status !== 'active') return null;
      const { store } = now.context;
      lastOpenRecords.current = openRecordsText(page, store);
      const sent = ++savesSent.current;
      const saved = await savePage({ api }, { formType, pageId, store }, session.submits, { unfinished: true, culture: cultureRef.current, openRecords: typedOpenRecords(page, store), leaving });
      // A save sent while this one was under way (a leaving save goes past it, or this was the
      // leaving save and the claimant came back and typed) holds newer answers, and the server may
      // have stored it first and this one over it: the answers as they are now are sent again.
      if (sent !== savesSent.current && saved.refusal === null) saveRef.current(true);
      return saved;
    };
    // Leaving (a reload, the tab closed or hidden): sent at once, not behind a save still under way,
    // which the unload would leave this one waiting on for ever; it holds all of that one's answers.
    void (leaving ? save() : session.inOrder(save))
      .then((saved) => {
        // A later save asked meanwhile tells its own outcome.
        if (!saved || ticket !== recordSaves.current || actor.getSnapshot().status !== 'active') return;
        const told = toldSavePending.current;
        toldSavePending.current = false;
        if (saved.refusal !== null) {
          if (told) actor.send({ type: 'DRAFT_REFUSED', pageId, refusal: saved.refusal });
        } else {
          actor.send({ type: 'DRAFT_SAVED' });
          if (saved.sessionExpiresAt !== null) actor.send({ type: 'SESSION_EXTENDED', expiresAt: saved.sessionExpiresAt });
        }
      });
  }, [actor, api, formType, page, pageId, session]);
  const saveRef = useRef(saveUnfinished);
  saveRef.current = saveUnfinished;
  useEffect(() => {
    if (lastRecords.current === savedRecords) return;
    lastRecords.current = savedRecords;
    saveUnfinished();
  }, [savedRecords, saveUnfinished]);
  // The page's own answers, typed and not yet sent by Next, kept too: once typing pauses, and at
  // once when the claimant leaves the tab (a phone's browser may discard a tab in the background),
  // so that a reload, a discarded tab or a resume finds them. Quiet: a value still being typed that
  // the checks refuse (half an e-mail address) is not told while the claimant types; Next tells it,
  // and the next pause saves again. A count of the single models' changes, and the count saved.
  const typed = useRef({ count: 0, saved: 0 });
  const saveTyped = useCallback(() => {
    if (typed.current.saved === typed.current.count) return;
    typed.current.saved = typed.current.count;
    saveRef.current(true);
  }, []);
  // Leaving, a record being typed is kept too, without waiting for its own pause.
  const saveLeaving = useCallback(() => {
    const openTyped = lastOpenRecords.current !== openRecordsText(page, actor.getSnapshot().context.store);
    if (typed.current.saved === typed.current.count && !openTyped) return;
    typed.current.saved = typed.current.count;
    saveRef.current(true, true);
  }, [actor, page]);
  useTabHidden(saveLeaving);
  // Each change of the answers restarts the timers of what it changed: the record being typed is
  // saved once typing in it pauses, never in the claimant's way nor blocking a button; the typed
  // answers a while after the last keystroke.
  useEffect(() => {
    let openTimer: ReturnType<typeof setTimeout> | undefined;
    let typedTimer: ReturnType<typeof setTimeout> | undefined;
    // The open records' text is made when the wait ends, not on every keystroke in them.
    const startOpenTimer = () => {
      clearTimeout(openTimer);
      openTimer = setTimeout(() => {
        if (lastOpenRecords.current !== openRecordsText(page, actor.getSnapshot().context.store)) saveRef.current();
      }, OPEN_RECORD_SAVE_DELAY_MS);
    };
    const startTypedTimer = () => {
      clearTimeout(typedTimer);
      if (typed.current.saved !== typed.current.count) typedTimer = setTimeout(saveTyped, TYPED_SAVE_DELAY_MS);
    };
    const onAnswers = () => {
      const store = actor.getSnapshot().context.store;
      const before = watched.current;
      if (store === before) return;
      watched.current = store;
      // An open record typed in (another object among them, or a field edited for the first time).
      if (store.everEdited !== before.everEdited || !sameItems(store.drafts, before.drafts)) startOpenTimer();
      if (savedChanges(before, store).typed) {
        typed.current.count += 1;
        startTypedTimer();
      }
    };
    // What was left waiting when the page or the save changed waits again (none at the first draw).
    if (lastOpenRecords.current !== openRecordsText(page, watched.current)) startOpenTimer();
    startTypedTimer();
    // The answers may have changed between the draw and now (the page's own defaults).
    onAnswers();
    const subscription = actor.subscribeAnswers(onAnswers);
    return () => {
      subscription.unsubscribe();
      clearTimeout(openTimer);
      clearTimeout(typedTimer);
    };
  }, [actor, page, saveTyped]);
  return null;
}
