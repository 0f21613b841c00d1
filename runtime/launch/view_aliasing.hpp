// runtime/launch/view_aliasing.hpp - whether a call's kernel may take its views as
// `restrict` pointers.
//
// A region whose kernel writes a view and has more than one has a no-alias form, compiled
// with CLPAR_NO_ALIAS defined, in which every view parameter is `restrict`
// (region_info::no_alias).  OpenCL C takes restrict from C99: memory modified through one
// such pointer is accessed through no other pointer during the kernel.  The host
// addresses decide it: a written view's byte span (memory/span_set.hpp, from its lowest to
// past its highest element) overlaps no other view's span, whether that view is written or
// not; read-only views may share memory with each other.  Device buffers hold disjoint host
// memory at disjoint places, so spans apart on the host are apart on the device.  The test
// is conservative for strided views (a span covers the gaps between elements).
//
// Without restrict the kernel's compiler must keep every load after each earlier store to
// global memory, since the store may have changed it: a field-by-field update of a view of
// structs (p[i].x += ...; p[i].y += ...) loads and stores in turn.  On an H100 the no-alias
// form of that update took 197 us against 606 us for 2^24 12-byte structs
// (docs/performance.md, "Arrays of structures").
#ifndef CLPAR_RUNTIME_LAUNCH_VIEW_ALIASING_HPP
#define CLPAR_RUNTIME_LAUNCH_VIEW_ALIASING_HPP

#include <span>

#include "clpar/rt/region.hpp"

namespace clpar::rt {

/// Whether no written view among `views` shares a byte with any other view (empty views
/// touch nothing; a view whose span overflows the address space counts as sharing).
bool written_views_apart(std::span<const view_arg> views) noexcept;

/// Whether `request`'s call may take its kernel's no-alias form: the region has one, its
/// written views are apart, and CLPAR_NO_ALIAS is not `0` (read per call).
bool no_alias_of(const launch_request& request);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_VIEW_ALIASING_HPP
