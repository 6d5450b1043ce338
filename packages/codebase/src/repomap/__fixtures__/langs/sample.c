#include <stdio.h>

#define MAX_ITEMS 100

typedef struct store {
    int count;
} store_t;

static int store_count(const store_t *store)
{
    return store->count;
}

int main(void)
{
    store_t store = {0};
    printf("%d\n", store_count(&store));
    return 0;
}
