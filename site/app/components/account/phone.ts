// Zambian mobile numbers as the forms take them: the one rule lives in site/shared/phone.ts.
export {
  isValidZambianPhone,
  OPERATORS,
  operatorFromPrefix,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_LENGTH as PHONE_MAX_LENGTH,
  phoneFieldValue as phoneDigits,
  type Operator,
} from '../../../shared/phone';
