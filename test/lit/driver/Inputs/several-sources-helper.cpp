// Second source of several-sources.cpp.
int helper(int X) { return X + 1; }
