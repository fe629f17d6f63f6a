/**
 * The page engine: what each button of a page does, computed from the page, the answers and the
 * documents. The claimant's pages import its files one by one, so the start page loads only the
 * primary button's part.
 */
export { failedUpload, openPage, pressPrimary, shownRecordsBlocks, type FailedUpload, type PageEngineContext, type PrimaryPress } from './page-press';
export { uploadsToWaitFor, type WaitForUploads } from './uploads';
export { addRecord, cancelRecord, recordErrors, recordToFill, removeRecord, saveOpenRecord, saveRecord, shownMessages, type AddRecord, type OpenRecordSave, type RecordSave } from './record-actions';
export { enteredText } from './entered-text';
export { createPageEngine, type PageEngine, type PressRefusal, type RecordButton, type RecordOutcome } from './engine';
