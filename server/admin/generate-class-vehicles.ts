/**
 * Writes the sample settlement's class-vehicle list: the three class members' VINs and 1,200
 * generated, deterministic, well-formed VINs (valid check digit) of the fictional Example Motors
 * 2014–2018 CVT models. Run: `npx tsx server/admin/generate-class-vehicles.ts [OUT.csv]`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The VINs of the sample class members (SETTLEMENT.md). */
export const SAMPLE_MEMBER_VINS = ['5EXMA1B20HC000101', '5EXMA1B20JC000202', '5EXMS2D41KC000303'];
export const GENERATED_VIN_COUNT = 1200;

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The North American (ISO 3779 / 49 CFR 565) check digit of a 17-character VIN. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (const [i, weight] of WEIGHTS.entries()) {
    const c = vin.charAt(i);
    const value = /[0-9]/.test(c) ? Number(c) : (TRANSLITERATION[c] ?? 0);
    sum += value * weight;
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

const MODELS = ['MA1B2', 'MA2B2', 'MS2D4', 'MS3D4', 'MC1F6'];
const MODEL_YEARS = ['E', 'F', 'G', 'H', 'J']; // 2014–2018
const PLANTS = ['C', 'K', 'T'];

/** The entry at `i` of a list, counting round it. */
function cyclic(list: readonly string[], i: number): string {
  const entry = list[i % list.length];
  if (entry === undefined) throw new Error('An empty list has no entries to cycle through.');
  return entry;
}

export function generateClassVehicleVins(count = GENERATED_VIN_COUNT): string[] {
  const vins: string[] = [];
  for (let i = 0; i < count; i++) {
    const model = cyclic(MODELS, i);
    const year = cyclic(MODEL_YEARS, Math.floor(i / MODELS.length));
    const plant = cyclic(PLANTS, Math.floor(i / (MODELS.length * MODEL_YEARS.length)));
    const serial = String(100000 + i * 7).padStart(6, '0');
    const draft = `5EX${model}0${year}${plant}${serial}`;
    vins.push(draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9));
  }
  return vins;
}

export function classVehiclesCsv(): string {
  return ['vin', ...SAMPLE_MEMBER_VINS, ...generateClassVehicleVins()].join('\n') + '\n';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server-fixtures/class-vehicles.csv');
  writeFileSync(out, classVehiclesCsv());
  console.log(`wrote ${out}`);
}
