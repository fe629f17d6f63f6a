/** The page engine: what each button of a page does, computed from the page, the answers and the documents. */
export {
  addRecord,
  enteredText,
  cancelRecord,
  openPage,
  pressPrimary,
  recordErrors,
  recordToFill,
  removeRecord,
  saveRecord,
  shownMessages,
  shownRecordsBlocks,
  type AddRecord,
  type PageEngineContext,
  type PrimaryPress,
  type RecordSave,
} from './page-actions';
