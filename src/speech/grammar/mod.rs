//! What a language needs beyond its words: the plural category a count takes (CLDR's rules,
//! [`Plurals`]), and, in each language's number module, the gender and case a number word
//! takes before its noun and the order of the number words.

mod plural;

pub(crate) use plural::{Plural, Plurals};
