namespace storage {

class Store {
public:
    int count() const;
};

}
