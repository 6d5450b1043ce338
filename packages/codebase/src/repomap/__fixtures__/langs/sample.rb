module Storage
  class Store < Base
    def get(key)
      lookup(key)
    end

    def self.create
      new
    end
  end
end
