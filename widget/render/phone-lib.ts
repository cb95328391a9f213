/**
 * The two functions of libphonenumber-js the widget uses, behind one module:
 * imported dynamically, a namespace import of the package would keep all of
 * it (as-you-type, number finding); naming them here lets the bundler drop
 * the rest.
 */
export { getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/min";
