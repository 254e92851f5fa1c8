/**
 * The zone suffix of registered names by default (spec §9 "Suffixes .reown.id and legacy .wcn.id"), in a module of its
 * own: the options (`machines/names.options.ts`, in the page's first JS) default to it, and the machine and its view
 * model read it, without one pulling the other.
 */
export const defaultNameSuffix = '.reown.id'
