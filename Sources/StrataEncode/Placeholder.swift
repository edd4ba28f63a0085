// StrataEncode
