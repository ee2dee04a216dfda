import type { en } from './en.ts'

/** A catalogue: nested objects of strings (a plugin's own catalogue has this shape too). */
export interface Messages {
  [key: string]: string | Messages
}

/** Values for `{name}` placeholders; `count` also picks the plural form. */
export type Vars = Record<string, string | number>

/** The shape of the English catalogue with every leaf a string: what each locale must provide. */
export type Translation<T = typeof en> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> }

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

type PluralBase<K> = K extends `${infer Base}_other` ? Base : K extends `${string}_one` ? never : K

/** Every key of the kernel catalogue, plural forms by their base name (`allWallets.results`). */
export type MessageKey = PluralBase<Leaves<typeof en>>
