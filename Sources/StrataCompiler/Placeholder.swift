// StrataCompiler
