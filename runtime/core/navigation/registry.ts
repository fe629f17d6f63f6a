import { devError } from '../errors';
import type { FormType } from '../types';
import type { FormFactory } from './types';

/** Node factories by form type; registering a type twice or asking for an unknown one is an error. */
export interface FormFactoryRegistry {
  register(formType: FormType, factory: FormFactory): void;
  get(formType: string): FormFactory;
  has(formType: string): boolean;
  clear(): void;
}

export function createFormFactoryRegistry(): FormFactoryRegistry {
  const factories = new Map<string, FormFactory>();
  return {
    register(formType, factory) {
      if (factories.has(formType)) throw devError('DUPLICATE_FORM_FACTORY', formType);
      factories.set(formType, factory);
    },
    get(formType) {
      const factory = factories.get(formType);
      if (!factory) throw devError('UNEXPECTED_FORM_TYPE', formType);
      return factory;
    },
    has(formType) {
      return factories.has(formType);
    },
    clear() {
      factories.clear();
    },
  };
}

/** The application's registry, used when no other is passed. */
export const formFactories: FormFactoryRegistry = createFormFactoryRegistry();

/** Registers the node factory of a form type in the application's registry. */
export function registerFormFactory(formType: FormType, factory: FormFactory): void {
  formFactories.register(formType, factory);
}
