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
export const IonInput: typeof IonicReactInput = /*@__PURE__*/ createComponent({
  tagName: 'ion-input',
  elementClass: IonInputElement,
  react: React,
  events: { onIonInput: 'ionInput', onIonChange: 'ionChange', onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' },
  defineCustomElement: defineInput,
}) as unknown as typeof IonicReactInput;

export const IonRadio: typeof IonicReactRadio = /*@__PURE__*/ createComponent({
  tagName: 'ion-radio',
  elementClass: IonRadioElement,
  react: React,
  events: { onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement: defineRadio,
}) as unknown as typeof IonicReactRadio;

export const IonRadioGroup: typeof IonicReactRadioGroup = /*@__PURE__*/ createComponent({
  tagName: 'ion-radio-group',
  elementClass: IonRadioGroupElement,
  react: React,
  events: { onIonChange: 'ionChange' },
  defineCustomElement: defineRadioGroup,
}) as unknown as typeof IonicReactRadioGroup;

export const IonTextarea: typeof IonicReactTextarea = /*@__PURE__*/ createComponent({
  tagName: 'ion-textarea',
  elementClass: IonTextareaElement,
  react: React,
  events: { onIonInput: 'ionInput', onIonChange: 'ionChange', onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' },
  defineCustomElement: defineTextarea,
}) as unknown as typeof IonicReactTextarea;
