// StrataCheck
