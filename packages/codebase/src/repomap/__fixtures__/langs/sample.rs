use crate::item::Item;

pub const MAX_ITEMS: usize = 100;

pub struct Store {
    items: Vec<Item>,
}

pub enum Mode {
    Fast,
    Safe,
}

impl Store {
    pub fn new() -> Self {
        Store { items: Vec::new() }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }
}

pub trait Getter {
    fn get(&self, key: &str) -> Option<Item>;
}

macro_rules! store {
    () => {
        Store::new()
    };
}
