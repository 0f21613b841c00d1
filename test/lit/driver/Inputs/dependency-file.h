// Included by dependency-file.cpp.
inline int dependency_file_value() { return 3; }
