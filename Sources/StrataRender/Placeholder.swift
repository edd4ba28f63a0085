// StrataRender
