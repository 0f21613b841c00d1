// runtime/launch/work_size.cpp - choosing global and local work sizes.
#include "launch/work_size.hpp"

#include <algorithm>
#include <limits>

namespace clpar::rt {
namespace {

std::uint64_t next_power_of_two(std::uint64_t value) {
  std::uint64_t power = 1;
  while (power < value && power < (std::uint64_t{1} << 62)) power <<= 1;
  return power;
}

}  // namespace

std::optional<work_size> choose_work_size(std::span<const std::uint64_t> counts,
                                          std::size_t max_group,
                                          std::span<const std::size_t, 3> max_items) {
  if (counts.empty() || counts.size() > 3) return std::nullopt;
  constexpr std::size_t preferred[3][3] = {{256, 1, 1}, {32, 8, 1}, {32, 4, 2}};
  work_size size;
  size.dims = static_cast<unsigned>(counts.size());
  std::uint64_t count[3] = {1, 1, 1};
  for (unsigned k = 0; k < size.dims; ++k) {
    count[k] = counts[size.dims - 1 - k];
    const std::uint64_t limit = std::min<std::uint64_t>(std::max<std::size_t>(max_items[k], 1),
                                                        next_power_of_two(count[k]));
    size.local[k] =
        static_cast<std::size_t>(std::min<std::uint64_t>(preferred[size.dims - 1][k], limit));
  }
  max_group = std::max<std::size_t>(max_group, 1);
  while (size.local[0] * size.local[1] * size.local[2] > max_group) {
    unsigned k = size.dims - 1;
    while (k > 0 && size.local[k] == 1) --k;
    size.local[k] /= 2;
  }
  for (unsigned k = 0; k < size.dims; ++k) {
    const std::uint64_t groups = count[k] / size.local[k] + (count[k] % size.local[k] != 0);
    const std::uint64_t global = groups * size.local[k];
    if (global < count[k] || global > std::numeric_limits<std::size_t>::max()) return std::nullopt;
    size.global[k] = static_cast<std::size_t>(global);
  }
  return size;
}

void cap_work_groups(work_size& size, std::uint64_t max_groups) {
  max_groups = std::max<std::uint64_t>(max_groups, 1);
  std::uint64_t groups[3] = {1, 1, 1};
  for (unsigned k = 0; k < size.dims; ++k) groups[k] = size.global[k] / size.local[k];
  // The product of the groups of every dimension but `skip`, saturating.
  const auto product_without = [&](unsigned skip) {
    std::uint64_t product = 1;
    for (unsigned j = 0; j < size.dims; ++j)
      if (j != skip && __builtin_mul_overflow(product, groups[j], &product))
        return std::numeric_limits<std::uint64_t>::max();
    return product;
  };
  for (unsigned k = size.dims; k-- > 0;) {  // the outermost OpenCL dimension first
    const std::uint64_t others = product_without(k);
    if (others <= max_groups && groups[k] <= max_groups / others) break;  // fits
    groups[k] = others >= max_groups ? 1 : max_groups / others;
    size.global[k] = static_cast<std::size_t>(groups[k]) * size.local[k];
  }
}

}  // namespace clpar::rt
