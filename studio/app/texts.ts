/**
 * The studio's own texts, in English and Spanish. They are the studio's, not a settlement's: they
 * stay out of the settlement's locale files (which the studio edits and whose unused keys it lists).
 */
const en = {
  title: 'Settlement studio',
  folder: 'Folder',
  tabMap: 'Flow map',
  tabTranslations: 'Translations',
  views: 'Views',
  undo: 'Undo',
  redo: 'Redo',
  save: 'Save',
  unsaved: '{n} unsaved file(s)',
  noChanges: 'No unsaved changes',
  saved: 'Saved: {files}',
  notSaved: 'Not saved: the checker found problems (nothing was written).',
  problems: 'Problems the checker finds',
  noProblems: 'The checker finds no problems.',
  changedOnDisk: 'The files changed on disk.',
  changedOnDiskUnsaved: 'The files changed on disk while you have unsaved changes: saving keeps the other changes; reload to see them.',
  reload: 'Reload from disk',
  reloaded: 'Reloaded: the files changed on disk.',
  loading: 'Loading…',
  mapOf: 'Flow map of {form} ({file})',
  pageProblems: '{n} problem(s)',
  mayBeSkipped: 'may be skipped',
  notInFlow: 'not in the flow',
  skipWhen: 'skip {page} when {condition}',
  records: 'records',
  editPage: 'Page {id}',
  close: 'Close',
  pageSettings: 'Page settings',
  fieldsOf: 'Fields of block {n} ({model})',
  conditionJson: 'Condition (JSON)',
  conditionInvalid: 'Not valid JSON: {reason}',
  conditionNone: 'Leave empty for none.',
  localeKeyTexts: 'Texts of {key}',
  newKey: '{key} is a new key: give its text in every culture.',
  addKey: 'Add {key} to every locale',
  textIn: 'Text in {culture}',
  translationsTable: 'Every localization key, one column per culture',
  key: 'Key',
  missing: 'missing',
  fill: 'Text of {key} in {culture}',
  unusedKeys: 'Unused keys',
  unusedNone: 'Every key is used.',
  unusedHelp: 'No flow, model config or code names these keys.',
  filterKeys: 'Show keys containing',
  onlyMissing: 'Only keys missing in a culture',
} as const;

export type TextKey = keyof typeof en;

const es: Record<TextKey, string> = {
  title: 'Estudio del acuerdo',
  folder: 'Carpeta',
  tabMap: 'Mapa del flujo',
  tabTranslations: 'Traducciones',
  views: 'Vistas',
  undo: 'Deshacer',
  redo: 'Rehacer',
  save: 'Guardar',
  unsaved: '{n} archivo(s) sin guardar',
  noChanges: 'No hay cambios sin guardar',
  saved: 'Guardado: {files}',
  notSaved: 'No se guardó: el verificador encontró problemas (no se escribió nada).',
  problems: 'Problemas que encuentra el verificador',
  noProblems: 'El verificador no encuentra problemas.',
  changedOnDisk: 'Los archivos cambiaron en el disco.',
  changedOnDiskUnsaved: 'Los archivos cambiaron en el disco mientras tiene cambios sin guardar: al guardar se conservan los otros cambios; vuelva a cargar para verlos.',
  reload: 'Volver a cargar del disco',
  reloaded: 'Se volvió a cargar: los archivos cambiaron en el disco.',
  loading: 'Cargando…',
  mapOf: 'Mapa del flujo de {form} ({file})',
  pageProblems: '{n} problema(s)',
  mayBeSkipped: 'puede omitirse',
  notInFlow: 'fuera del flujo',
  skipWhen: 'omitir {page} cuando {condition}',
  records: 'registros',
  editPage: 'Página {id}',
  close: 'Cerrar',
  pageSettings: 'Configuración de la página',
  fieldsOf: 'Campos del bloque {n} ({model})',
  conditionJson: 'Condición (JSON)',
  conditionInvalid: 'JSON no válido: {reason}',
  conditionNone: 'Déjelo vacío si no hay ninguna.',
  localeKeyTexts: 'Textos de {key}',
  newKey: '{key} es una clave nueva: escriba su texto en cada cultura.',
  addKey: 'Agregar {key} a cada idioma',
  textIn: 'Texto en {culture}',
  translationsTable: 'Cada clave de localización, una columna por cultura',
  key: 'Clave',
  missing: 'falta',
  fill: 'Texto de {key} en {culture}',
  unusedKeys: 'Claves sin usar',
  unusedNone: 'Todas las claves se usan.',
  unusedHelp: 'Ningún flujo, configuración de modelo ni código nombra estas claves.',
  filterKeys: 'Mostrar claves que contienen',
  onlyMissing: 'Solo claves que faltan en una cultura',
};

/** The studio's culture: ?culture=es, else the browser's language. */
export const studioCulture: 'en' | 'es' = (() => {
  const asked = new URLSearchParams(location.search).get('culture') ?? navigator.language;
  return asked.toLowerCase().startsWith('es') ? 'es' : 'en';
})();

/** The text of `key` in the studio's culture, `{name}` replaced by `values.name`. */
export function t(key: TextKey, values: Record<string, string | number> = {}): string {
  const text: string = studioCulture === 'es' ? es[key] : en[key];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
