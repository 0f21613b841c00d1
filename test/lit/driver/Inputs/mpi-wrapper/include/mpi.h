// A stand-in <mpi.h> for mpi-wrapper-fake.cpp, found only through the wrapper's -show.
#ifndef FAKE_MPI_WRAPPER
#error "the wrapper's -D did not reach the translator"
#endif
inline int fake_mpi_rank() { return 0; }
