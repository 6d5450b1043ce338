#include "sample.h"

namespace storage {

int Store::count() const
{
    return helper(1);
}

}
