import React from 'react';
import type {
  IonInput as IonicReactInput,
  IonRadio as IonicReactRadio,
  IonRadioGroup as IonicReactRadioGroup,
  IonTextarea as IonicReactTextarea,
} from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonInput as IonInputElement, defineCustomElement as defineInput } from '@ionic/core/components/ion-input.js';
import { IonRadio as IonRadioElement, defineCustomElement as defineRadio } from '@ionic/core/components/ion-radio.js';
import { IonRadioGroup as IonRadioGroupElement, defineCustomElement as defineRadioGroup } from '@ionic/core/components/ion-radio-group.js';
import { IonTextarea as IonTextareaElement, defineCustomElement as defineTextarea } from '@ionic/core/components/ion-textarea.js';

/**
 * IonInput, IonTextarea, IonRadio and IonRadioGroup built the way @ionic/react builds them, but from this module.
 * @ionic/react is one module in the app's first download, so every component any screen takes from
 * it lands there too; these are used only by forms (sign-in, registration, settings), and built here
 * they travel with those lazy screens instead of slowing the collector's start (its start-up JavaScript is held at most 250 KB gzipped).
 * Same tag, element class, events and types as @ionic/react's wrappers.
 */
function wrap<T>(
  tagName: string,
  elementClass: Parameters<typeof createComponent>[0]['elementClass'],
  defineCustomElement: () => void,
  events: Record<string, string>,
): T {
  return createComponent({ tagName, elementClass, react: React, events, defineCustomElement }) as unknown as T;
}

const TEXT_EVENTS = { onIonInput: 'ionInput', onIonChange: 'ionChange', onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' };

export const IonInput = /*@__PURE__*/ wrap<typeof IonicReactInput>('ion-input', IonInputElement, defineInput, TEXT_EVENTS);

export const IonTextarea = /*@__PURE__*/ wrap<typeof IonicReactTextarea>('ion-textarea', IonTextareaElement, defineTextarea, TEXT_EVENTS);

export const IonRadio = /*@__PURE__*/ wrap<typeof IonicReactRadio>('ion-radio', IonRadioElement, defineRadio, {
  onIonFocus: 'ionFocus',
  onIonBlur: 'ionBlur',
});

export const IonRadioGroup = /*@__PURE__*/ wrap<typeof IonicReactRadioGroup>('ion-radio-group', IonRadioGroupElement, defineRadioGroup, {
  onIonChange: 'ionChange',
});
